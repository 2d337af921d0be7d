import { PagePlaceholder } from "../../components/page-placeholder";

export default function PreferencesPage({ params }: { params: { token: string } }) {
  return (
    <PagePlaceholder title="Email Preferences">
      <p>
        Token: <code>{params.token}</code>
      </p>
    </PagePlaceholder>
  );
}
