/** Who a WebSocket's HTTP session belongs to, as resolved from its upgrade request. */
export interface SessionIdentity {
  userId: number
  isAdmin: boolean
  /** the stored session's id, so a heartbeat can ask for many sessions in one query */
  sessionKey?: string
}
