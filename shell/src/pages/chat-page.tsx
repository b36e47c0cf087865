import { FeaturePlaceholder } from '@app/shared/ui';

export default function ChatPage() {
  return (
    <section data-testid="chat-page">
      <FeaturePlaceholder title="Chat" description="This feature is coming soon." />
    </section>
  );
}
