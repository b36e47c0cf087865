// Runs after @griffel/webpack-loader (see rspack-rules.ts). The loader leaves alone, without a
// word, any file whose styles it does not recognise (makeStyles imported from another module, or
// through a namespace): such styles would be resolved at run time again. Any Griffel style
// factory still imported here fails the build, naming the file.
const STILL_AT_RUN_TIME =
  /import\s*(?:\{[^}]*\bmake(?:Reset)?Styles\b[^}]*\}|\*\s*as\s+\w+)\s*from\s*['"](?:@fluentui\/react-components|@griffel\/[\w-]+)['"]/;

module.exports = function griffelAotCheck(source, sourceMap) {
  const match = STILL_AT_RUN_TIME.exec(source);
  if (match) {
    this.callback(
      new Error(
        `Griffel's build-time transform left this file's styles to run time: \`${match[0]}\`. ` +
          "Import makeStyles/makeResetStyles by name from '@fluentui/react-components'.",
      ),
    );
    return;
  }
  this.callback(null, source, sourceMap);
};
