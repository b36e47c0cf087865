export { AppFluentProvider } from './app-fluent-provider';
export { FeaturePlaceholder } from './feature-placeholder';
export { Panel } from './panel';
