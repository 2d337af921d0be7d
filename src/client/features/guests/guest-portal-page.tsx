import { PagePlaceholder } from "../../components/page-placeholder";

export default function GuestPortalPage() {
  return <PagePlaceholder title="Guest Portal" />;
}
