/** Testimonials (docs/product.md, "Routes and screens"). */
interface Testimonial {
  name: string
  title: string
  company: string
  content: string
  rating: number
  highlight: string
}

export const TESTIMONIALS_COPY = {
  eyebrow: 'Reviews',
  heading: 'What allocators say',
  intro: 'Family offices and emerging allocators use the models to run their programs.',
  rating: (n: number) => `Rated ${n} out of 5`,
} as const

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: 'Catherine Moreau',
    title: 'Chief Investment Officer',
    company: 'Lakeshore Family Office',
    content:
      'We replaced three disconnected spreadsheets with one model. Our quarterly pacing review now takes an afternoon instead of a week, and the committee finally sees one set of numbers.',
    rating: 5,
    highlight: 'Saved a week every quarter',
  },
  {
    name: 'James Whitfield',
    title: 'Head of Private Markets',
    company: 'Meridian Endowment Partners',
    content:
      'The Flight view changed our conversations with the board. We can show exactly how planned commitments bring us to target and what happens if distributions slow down.',
    rating: 5,
    highlight: 'Board-ready in minutes',
  },
  {
    name: 'Anika Sørensen',
    title: 'Portfolio Manager',
    company: 'Nordvik Capital Family Office',
    content:
      'As a two-person team we could never justify enterprise software. The Advanced model gives us the same discipline in Excel, with formulas we can audit ourselves.',
    rating: 5,
    highlight: 'Enterprise discipline, Excel price',
  },
  {
    name: 'Rafael Ortega',
    title: 'Investment Director',
    company: 'Alcazar Holdings',
    content:
      'The rolling forecast caught a liquidity gap eighteen months out. We adjusted our commitment line-up and avoided selling liquid assets at the wrong time.',
    rating: 5,
    highlight: 'Spotted a liquidity gap early',
  },
]
