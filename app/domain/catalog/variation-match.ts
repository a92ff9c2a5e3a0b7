// Which variation a set of chosen attribute values names. Pure, shared by the cart, the
// get_variation call and the product page.

/** attribute slug -> term slug; a variation's "" means any term. */
export type AttributeChoice = Record<string, string>;

/** Whether a variation's attributes agree with a complete choice. */
export function matchesChoice(attributes: AttributeChoice, choice: AttributeChoice): boolean {
  return Object.entries(attributes).every(
    ([attribute, term]) =>
      Boolean(choice[attribute]) && (term === '' || choice[attribute] === term),
  );
}

/**
 * The first variation a choice names, or undefined. `offered` lists the terms each
 * variation attribute of the product has: a value outside them never matches, even where a
 * variation takes any term.
 */
export function findVariation<V extends { attributes: AttributeChoice }>(
  variations: readonly V[],
  choice: AttributeChoice,
  offered: ReadonlyMap<string, ReadonlySet<string>>,
): V | undefined {
  for (const [attribute, term] of Object.entries(choice)) {
    if (term && !offered.get(attribute)?.has(term)) return undefined;
  }
  for (const attribute of offered.keys()) if (!choice[attribute]) return undefined;
  return variations.find((v) => matchesChoice(v.attributes, choice));
}
