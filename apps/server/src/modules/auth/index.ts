// The auth module's public entry: other modules reach the users and sessions tables only through these.
export { deleteUser, ensureSystemUser, findUserById, type UserRow } from './repository.ts';
export { default as authRoutes } from './routes.ts';
export { findSessionUser, revokeSession, type SessionUser } from './sessions.ts';
