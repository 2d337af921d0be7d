import { PagePlaceholder } from "../../components/page-placeholder";
import { useCurrentRetreat } from "./use-current-retreat";

function CurrentRetreatName() {
  const { data, isPending, isError } = useCurrentRetreat();
  if (isPending) return <p role="status">Loading retreat details…</p>;
  if (isError) return <p role="alert">Unable to Load retreat details. Please try again later.</p>;
  return (
    <p className="text-xl font-semibold">
      Current retreat: <span className="text-accent">{data.name}</span>
    </p>
  );
}

export default function LandingPage() {
  return (
    <PagePlaceholder title="Bali Vegan Activism Retreat 2026">
      <CurrentRetreatName />
    </PagePlaceholder>
  );
}
