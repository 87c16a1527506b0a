import { labReady, renderedLabQuery } from '../../features/pacing/pacing-lab.tsx'
import { hydratePage } from '../../hydrate.tsx'
import { PacingPage } from './pacing-page.tsx'

// Hydrates from the query the HTML was rendered with (the server's render of a shared link, or
// none), so the first client render matches the markup; a page rendered on the portfolio plan
// loads the plan's code first (labReady).
const query = renderedLabQuery(document)
void labReady(query).then(() => hydratePage(<PacingPage query={query} />))
