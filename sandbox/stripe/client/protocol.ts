/** Messages between the sandbox's Stripe.js (the shop page) and its iframe form. */
export type SandboxErrorShape = { type: string; code?: string; message: string; param?: string };

export type FrameRequest =
  | { type: 'validate' }
  | { type: 'focus' }
  | { type: 'clear' }
  | { type: 'create'; key: string; billingDetails: Record<string, unknown> };

export type FrameEvent =
  | { source: 'stripe-sandbox-frame'; type: 'ready' }
  | { source: 'stripe-sandbox-frame'; type: 'resize'; height: number }
  | {
      source: 'stripe-sandbox-frame';
      type: 'change';
      complete: boolean;
      empty: boolean;
      value: { type: string };
    }
  | { source: 'stripe-sandbox-frame'; type: 'focus' | 'blur' | 'escape' }
  | { source: 'stripe-sandbox-frame'; type: 'action-done'; status: string };

export type FrameReply = {
  source: 'stripe-sandbox-frame';
  requestId: number;
  error?: SandboxErrorShape;
  methodType?: string;
  /** Only the created method's public fields (id, type, brand, last4). */
  paymentMethod?: Record<string, unknown>;
};
