/**
 * Session store (spec section 4): token and user kept on the device (localStorage access_token / user).
 * On load a stored token is checked by reading the current user; a refusal clears it. When the server cannot be
 * reached the stored user is kept, so the installed app still opens offline.
 */
import { create } from 'zustand';
import { NetworkError } from './api-client.ts';
import type { UserResponse as User } from '../../contract/auth.ts';
import { fetchMe, login as loginCall, logout as logoutCall } from './session-api.ts';

const TOKEN_KEY = 'access_token';
const USER_KEY = 'user';

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

interface SessionState {
  token: string | null;
  user: User | null;
  status: SessionStatus;
  /** Validates the stored token (once at start-up). */
  init: () => Promise<void>;
  /** Stores the token, then refreshes the user. @throws ApiError from the login call. */
  signIn: (email: string, password: string) => Promise<User | null>;
  /** Google return: sets the token directly, then fetches the profile; clears the session on failure. */
  signInWithToken: (token: string) => Promise<boolean>;
  /** Re-reads the user (credits, plan). */
  refreshUser: () => Promise<void>;
  /** Takes a user the server just answered (after a profile change) and keeps it on the device. */
  setUser: (user: User) => void;
  /** Clears token and user locally (401, sign-out, deletion). */
  clear: () => void;
  signOut: () => Promise<void>;
}

function read<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (key === TOKEN_KEY ? (raw as T) : (JSON.parse(raw) as T)) : null;
  } catch {
    return null;
  }
}
function write(token: string | null, user: User | null): void {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
    if (user) localStorage.setItem(USER_KEY, JSON.stringify(user));
    else localStorage.removeItem(USER_KEY);
  } catch {
    // Storage refused (private mode): the session lasts for this page only.
  }
}

export const useSessionStore = create<SessionState>((set, get) => ({
  token: read<string>(TOKEN_KEY),
  user: read<User>(USER_KEY),
  // With a stored user the app renders at once and checks the token in the background (a refusal clears it);
  // only a token without a stored user waits behind the spinner.
  status: read<string>(TOKEN_KEY) ? (read<User>(USER_KEY) ? 'signed-in' : 'loading') : 'signed-out',
  async init() {
    const token = get().token;
    if (!token) {
      set({ status: 'signed-out', user: null });
      return;
    }
    try {
      const user = await fetchMe();
      write(token, user);
      set({ user, status: 'signed-in' });
    } catch (error) {
      if (error instanceof NetworkError && get().user) {
        set({ status: 'signed-in' }); // offline: trust the stored session until the server says otherwise
        return;
      }
      get().clear();
    }
  },
  async signIn(email, password) {
    const answer = await loginCall(email, password);
    write(answer.access_token, answer.user);
    set({ token: answer.access_token, user: answer.user, status: 'signed-in' });
    await get().refreshUser();
    return get().user;
  },
  async signInWithToken(token) {
    write(token, null);
    set({ token, status: 'loading' });
    try {
      const user = await fetchMe();
      write(token, user);
      set({ user, status: 'signed-in' });
      return true;
    } catch {
      get().clear();
      return false;
    }
  },
  async refreshUser() {
    if (!get().token) return;
    try {
      const user = await fetchMe();
      write(get().token, user);
      set({ user });
    } catch {
      // Kept as is: a 401 already cleared the session through the API client.
    }
  },
  setUser(user) {
    if (!get().token) return;
    write(get().token, user);
    set({ user });
  },
  clear() {
    write(null, null);
    set({ token: null, user: null, status: 'signed-out' });
  },
  async signOut() {
    try {
      if (get().token) await logoutCall();
    } catch {
      // Signing out locally is what matters; the server token expires by itself.
    }
    get().clear();
  },
}));
