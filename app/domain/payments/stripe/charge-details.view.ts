/** A card's 3-D Secure outcome as the charge reports it. */
export type ThreeDSecureOutcome = {
  flow: string | null;
  result: string | null;
  version: string | null;
};

/** What the back office shows of a Stripe charge: never more of a card than brand and last four. */
export type ChargeDetails = {
  chargeId: string;
  chargeStatus: string;
  methodType: string;
  brand: string | null;
  last4: string | null;
  threeDSecure: ThreeDSecureOutcome | null;
  mandateId: string | null;
};

/** The Stripe side of an order's payment on the order page. */
export type StripePaymentView = {
  intentId: string;
  dashboardUrl: string | null;
  charge: ChargeDetails | null;
  /** Stripe did not answer when the details were missing. */
  unreachable: boolean;
};

/** The charge statuses and 3-D Secure results the page names; others are shown as Stripe sends them. */
export const CHARGE_STATUSES = ['succeeded', 'pending', 'failed'] as const;
export const THREE_D_SECURE_RESULTS = [
  'authenticated',
  'attempt_acknowledged',
  'exempted',
  'failed',
  'not_supported',
  'processing_error',
] as const;
