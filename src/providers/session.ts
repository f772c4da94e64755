import { ApiError, apiGet, apiPost } from './http';
import { clearToken, getToken, setToken } from './storage';
import type { Core } from '../routes';
import { forgetKeptScreens, isNetworkFailure } from '../offline/network';
import { offlineCore } from '../offline/offlineCore';

/** Once core data has loaded, a token refresh every 5 minutes while logged in. */
export const TOKEN_REFRESH_INTERVAL_MS = 300_000;

interface TokenAnswer {
  access_token: string;
}

/** A right password of a user with two-factor on: the code is still owed (POST api/auth/2fa/verify). */
export interface SecondStep {
  challenge: string;
}

export const isSecondStep = (answer: Core | SecondStep): answer is SecondStep => 'challenge' in answer;

type Listener = () => void;

/**
 * The signed-in session of this tab: the stored token, whether it has been validated since the
 * page loaded, and the core data (user, role, client, branches), loaded once.
 */
class Session {
  private core: Core | null = null;
  /** Core data loaded in this page load and not yet acted on by the start-page redirect. */
  private freshCore = false;
  private validated = false;
  private refreshTimer: ReturnType<typeof setInterval> | null = null;
  private listeners = new Set<Listener>();
  /**
   * The user signed out in this tab (until the next sign-in). A call already in flight when the
   * sign-out reached the server is refused (401); that is not a session that ended under the user,
   * so it must not send them to /login?redirectFrom=… as one would.
   */
  endedByUser = false;
  /** Opened without a connection, on the core data kept for it (src/offline/offlineCore.ts). */
  offline = false;

  isLoggedIn(): boolean {
    return getToken() !== null;
  }

  getCore(): Core | null {
    return this.core;
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private emit(): void {
    for (const listener of this.listeners) listener();
  }

  /**
   * POST api/auth/login. A 401 rejects with no message, any other failure with its message.
   * If a token is already stored, the session is validated instead.
   */
  async login(email: string, password: string): Promise<Core | SecondStep> {
    if (this.isLoggedIn() && (await this.validate())) return this.loadCore();
    try {
      const answer = await apiPost<TokenAnswer | { two_factor_required: true; challenge: string }>('api/auth/login', { email, password });
      if ('challenge' in answer) return { challenge: answer.challenge };
      setToken(answer.access_token);
      this.endedByUser = false;
    } catch (error) {
      throw this.authFailure(error);
    }
    this.validated = true;
    return this.loadCore();
  }

  /** POST api/auth/2fa/verify: the second step, with a TOTP or a recovery code; then as a sign-in. */
  async verifySecondStep(challenge: string, code: string): Promise<Core> {
    const answer = await apiPost<TokenAnswer>('api/auth/2fa/verify', { challenge, code });
    setToken(answer.access_token);
    this.endedByUser = false;
    this.validated = true;
    return this.loadCore();
  }

  /** GET api/auth/check: clears the token when the answer is not `authenticated: true`. */
  async validate(): Promise<boolean> {
    if (!this.isLoggedIn()) return false;
    if (this.validated) return true;
    let answer: { authenticated: boolean };
    try {
      answer = await apiGet<{ authenticated: boolean }>('api/auth/check');
    } catch (error) {
      // No connection: a member or rep whose app kept its core data opens it offline;
      // the server judges the token again at the first call that reaches it.
      if (isNetworkFailure(error) && offlineCore.load()) {
        this.offline = true;
        return true;
      }
      throw error;
    }
    if (!answer.authenticated) {
      this.reset();
      return false;
    }
    this.validated = true;
    return true;
  }

  /** GET api/auth/core, once per page load; starts the refresh timer. */
  async loadCore(): Promise<Core> {
    if (this.core) return this.core;
    let answer: { data: Core };
    try {
      answer = await apiGet<{ data: Core }>('api/auth/core');
    } catch (error) {
      const kept = isNetworkFailure(error) ? offlineCore.load() : null;
      if (!kept) throw error;
      this.offline = true;
      answer = { data: kept };
    }
    this.core = answer.data;
    if (!this.offline) offlineCore.save(this.core);
    this.freshCore = true;
    this.startRefreshing();
    this.emit();
    return this.core;
  }

  /** GET api/auth/core again, when what it holds has changed (the branches); no start-page redirect. */
  async reloadCore(): Promise<Core> {
    const answer = await apiGet<{ data: Core }>('api/auth/core');
    this.core = answer.data;
    this.offline = false;
    offlineCore.save(this.core);
    this.emit();
    return this.core;
  }

  /** The core data if it has just been loaded, once; then null. */
  takeFreshCore(): Core | null {
    if (!this.freshCore) return null;
    this.freshCore = false;
    return this.core;
  }

  /** GET api/auth/refresh: the new token replaces the stored one. */
  async refresh(): Promise<void> {
    try {
      const answer = await apiGet<TokenAnswer>('api/auth/refresh');
      setToken(answer.access_token);
    } catch (error) {
      throw this.authFailure(error);
    }
  }

  private startRefreshing(): void {
    if (this.refreshTimer) return;
    this.refreshTimer = setInterval(() => {
      if (this.isLoggedIn()) this.refresh().catch(() => undefined);
    }, TOKEN_REFRESH_INTERVAL_MS);
  }

  /** Logout: the server revokes the user's tokens; locally the token and state are cleared either way. */
  /** Signed out here first, so no call starts with the token once the server is told to end it. */
  async logout(byUser = false): Promise<void> {
    const token = getToken();
    if (byUser) this.endedByUser = true;
    this.reset();
    if (token) await apiPost('api/auth/logout', {}, { Authorization: `Bearer ${token}` }).catch(() => undefined);
  }

  /** Back to signed-out defaults. */
  reset(): void {
    clearToken();
    // What the offline app kept of this user goes with the session (what waits in its outbox stays, for them to send).
    offlineCore.clear();
    forgetKeptScreens();
    this.core = null;
    this.validated = false;
    this.offline = false;
    if (this.refreshTimer) clearInterval(this.refreshTimer);
    this.refreshTimer = null;
    this.emit();
  }

  private authFailure(error: unknown): Error {
    if (error instanceof ApiError && error.status === 401) return new ApiError(401, '');
    return error instanceof Error ? error : new Error(String(error));
  }
}

export const session = new Session();
