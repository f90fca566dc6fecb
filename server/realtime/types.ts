/** Who a WebSocket's HTTP session belongs to, as resolved from its upgrade request. */
export interface SessionIdentity {
  userId: number
  isAdmin: boolean
}
