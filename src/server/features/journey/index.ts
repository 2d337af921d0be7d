/** What other features use of the guest journey (decision 019). */
export { publishedTestimonials } from "./feedback.service";
export { requestJourneySweep } from "./journey-sweep.jobs";
export { withTestimonials } from "./testimonials-block";
