import { bundleWebPage } from '../bundle-web-page';
import { explorerAssetsDir } from './explorer-page';

/** Bundles GraphiQL, React and the page's glue into one script served by this server, beside its page. */
export const buildExplorer = (outDir = explorerAssetsDir()): Promise<boolean> =>
  bundleWebPage(
    {
      source: 'pages/explorer/web',
      entry: 'explorer.ts',
      script: 'explorer.js',
      static: ['index.html'],
      define: { 'process.env.NODE_ENV': '"production"' },
    },
    outDir,
  );
