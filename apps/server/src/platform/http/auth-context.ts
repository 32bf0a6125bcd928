import type { Guard } from '@salon/contract/rights';

// Who is calling, as the auth hook established it.
export interface AuthContext {
  userId: number;
  sessionId: string;
  // Present when the request named a branch (acc_id) the caller may act on.
  branch?: { accId: number; rights: string[] };
}

export interface Authenticator {
  // Throws an AppError (401 or 403) when the token or the branch is not acceptable.
  authenticate(token: string, accId: number | undefined): Promise<AuthContext>;
}

// Per-route options read by the auth hook.
export interface RouteAuthConfig {
  // No token needed (login, public config, health).
  public?: boolean;
  // The call acts on a branch: acc_id is required and the caller's rights must pass this guard.
  guard?: Guard;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation needs an interface
  interface FastifyContextConfig extends RouteAuthConfig {}
}
