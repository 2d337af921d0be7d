/** Placeholder: the applicant's self-booking page (built by the interviews client work). */
export default function InterviewBookingPage(_props: { params: { token?: string } }) {
  return <main id="main">Loading…</main>;
}
