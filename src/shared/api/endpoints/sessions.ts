import { otherSessionsEndedSchema, sessionIdSchema, signedInSessionListSchema } from '../sessions'
import { endpoints } from '../endpoint'

/** /api/auth/sessions (sessions.routes.ts): the signed-in user's own sessions */
export const sessionsEndpoints = endpoints('sessions', {
  getAuthSessions: {
    method: 'GET',
    path: '/api/auth/sessions',
    summary: 'Where you are signed in: your unexpired sessions, the most recently used first, this one marked current',
    auth: 'signed-in',
    response: { schema: signedInSessionListSchema },
  },
  deleteAuthSessionsById: {
    method: 'DELETE',
    path: '/api/auth/sessions/:id',
    summary: 'Sign out one of your sessions (this one too): its next request is signed out and its live connections close at once',
    auth: 'signed-in',
    params: { id: sessionIdSchema },
    response: { status: 204 },
  },
  postAuthSessionsSignOutOthers: {
    method: 'POST',
    path: '/api/auth/sessions/sign-out-others',
    summary: 'Sign out every session but this one; how many were signed out',
    auth: 'signed-in',
    response: { schema: otherSessionsEndedSchema },
  },
})
