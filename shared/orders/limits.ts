/** The most of one product an order line may carry: the create's bound, and the quick order's check of a typed line. */
export const MAX_QUANTITY = 100_000;
