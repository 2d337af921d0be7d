import { PagePlaceholder } from "../../components/page-placeholder";

export default function UnsubscribePage({ params }: { params: { token: string } }) {
  return (
    <PagePlaceholder title="Unsubscribe">
      <p>
        Token: <code>{params.token}</code>
      </p>
    </PagePlaceholder>
  );
}
