/** Words of the /lnf image page (docs/product.md, "Routes and screens"). */
export const LNF_COPY = {
  learnMore: 'Learn more about the product',
  notFound: 'Image not found',
  notFoundText: 'The image may have been moved or the link is incomplete.',
  alt: (name: string) => `Shared image ${name}`,
} as const
