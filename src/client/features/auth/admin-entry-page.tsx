import { PagePlaceholder } from "../../components/page-placeholder";

export default function AdminEntryPage() {
  return <PagePlaceholder title="Admin Portal" />;
}
