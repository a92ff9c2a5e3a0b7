import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { reviews } from './reviews.schema.ts';

export type ReviewView = {
  id: number;
  author: string;
  rating: number | null;
  content: string;
  createdAt: string;
  verifiedOwner: boolean;
};

/** Approved top-level reviews of a product, newest first. */
export async function listReviews(db: Tx, productId: number, limit = 20): Promise<ReviewView[]> {
  const rows = await db
    .select({
      id: reviews.id,
      author: reviews.author,
      rating: reviews.rating,
      content: reviews.content,
      createdAt: reviews.createdAt,
      verifiedOwner: reviews.verifiedOwner,
    })
    .from(reviews)
    .where(
      and(
        eq(reviews.productId, productId),
        eq(reviews.status, 'approved'),
        isNull(reviews.parentId),
      ),
    )
    .orderBy(desc(reviews.createdAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
