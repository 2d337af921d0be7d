import { PagePlaceholder } from "../../components/page-placeholder";

export default function VendorPortalPage() {
  return <PagePlaceholder title="Vendor Portal" />;
}
