import { FeaturePlaceholder } from '@app/shared/ui';

export function HomePage() {
  return (
    <section data-testid="home-page">
      <FeaturePlaceholder
        title="Welcome to AI Image Studio"
        description="Sign in to train your personal AI model and create images of yourself."
      />
    </section>
  );
}
