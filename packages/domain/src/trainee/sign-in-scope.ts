import type { KvStore } from "@studio/kv";
import type { ScopeBase } from "../scope";

/** An anonymous caller of the public routes, known only by its address (for the throttles). */
export interface VisitorActor {
  kind: "visitor";
  /** The socket peer, or the first x-forwarded-for hop with TRUST_PROXY=1 (never a client-chosen header). */
  ip: string;
}

/** What trainee sign-in needs besides the database: the code store and how codes leave. */
export interface SignInCodeSettings {
  /** One-time codes, their failure counters and the send throttles (Redis or in-process). */
  kv: KvStore;
  /** SESSION_SIGNING_SECRET: signs trainee tokens, keys the code hashes, seals codes in jobs. */
  secret: string;
  /** OTP_DEV_MODE=1: nothing is sent; the code comes back as devCode. */
  devMode: boolean;
  /** A chat provider is configured (WHATSAPP_*); without it and without dev mode: 503. */
  chatConfigured: boolean;
}

/** The scope of POST /v1/trainee/auth/*: no studio and no trainee yet. */
export interface TraineeSignInScope extends ScopeBase {
  actor: VisitorActor;
  signIn: SignInCodeSettings;
}
