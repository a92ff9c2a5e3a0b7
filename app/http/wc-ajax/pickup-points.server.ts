import { z } from 'zod';
import { pickupPointsNear } from '#app/domain/shipping/pickup-points.server.ts';
import { defineEndpoint } from '../endpoint.server.ts';
import { WC_AJAX_CODES } from './codes.ts';

const query = z.object({
  rate_id: z.string().regex(/^[a-z_]{1,40}:\d{1,9}$/),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((c) => c.toUpperCase()),
  postcode: z.string().regex(/^[A-Za-z0-9 -]{0,12}$/),
});

/**
 * GET pickup_points: the points a pickup-point rate offers near a postcode, for the checkout's
 * widget. Reads nothing of the session and changes nothing.
 */
export const pickupPoints = defineEndpoint({
  methods: ['GET'],
  codes: {
    ...WC_AJAX_CODES,
    codes: {
      ...WC_AJAX_CODES.codes,
      'shipping.error.invalid_rate': 'woocommerce_rest_invalid_shipping_method',
    },
  },
  schema: query,
  handle: async ({ db, input }) => {
    const points = await pickupPointsNear(db, input.rate_id, {
      country: input.country,
      postcode: input.postcode,
    });
    return points.ok ? { ok: true, value: { points: points.value } } : points;
  },
});
