import { PagePlaceholder } from "../../components/page-placeholder";

export default function TravelFormPage({ params }: { params: { applicationId: string } }) {
  return (
    <PagePlaceholder title="Travel Compliance Form">
      <p>
        Application ID: <code>{params.applicationId}</code>
      </p>
    </PagePlaceholder>
  );
}
