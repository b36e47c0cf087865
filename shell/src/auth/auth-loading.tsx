import { Body1 } from '@fluentui/react-components';

/** The loading text shown while authentication resolves (spec §2). */
export function AuthLoading() {
  return (
    <Body1 as="p" role="status" style={{ textAlign: 'center', marginTop: 48 }}>
      Loading...
    </Body1>
  );
}
