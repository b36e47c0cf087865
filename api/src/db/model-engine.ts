/** Models trained before models recorded their engine were all trained by the CPU engine. */
export const ENGINE_OF_UNNAMED_MODELS = 'builtin-cpu';

/** The name of the engine that trained a model: the one its generations and edits run on. */
export const engineOf = (model: { engine: string | null }): string =>
  model.engine ?? ENGINE_OF_UNNAMED_MODELS;
