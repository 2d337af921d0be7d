import { PagePlaceholder } from "../../components/page-placeholder";

export default function ResubscribePage({ params }: { params: { token: string } }) {
  return (
    <PagePlaceholder title="Resubscribe">
      <p>
        Token: <code>{params.token}</code>
      </p>
    </PagePlaceholder>
  );
}
