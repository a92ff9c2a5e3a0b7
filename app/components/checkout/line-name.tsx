/** A line's name with its quantity and chosen variation, as the order tables show it. */
export function LineName({
  line,
}: {
  line: {
    name: string;
    quantity: number;
    variation: readonly { attribute: string; value: string }[];
  };
}) {
  return (
    <>
      {line.name} <strong className="product-quantity">×&nbsp;{line.quantity}</strong>
      {line.variation.length > 0 && (
        <span className="variation">
          {line.variation.map((v) => `${v.attribute}: ${v.value}`).join(', ')}
        </span>
      )}
    </>
  );
}
