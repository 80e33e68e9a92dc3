import { useEffect } from 'react';
import { getContent, headerScriptHtml, injectHeadHtml } from '../lib/content';
import { usePublicConfig } from '../lib/public-config';

/** Header scripts of the content service go into the page head (spec section 2); none configured, none added. */
export function HeadScripts() {
  const config = usePublicConfig();
  useEffect(() => {
    if (!config?.contentUrl) return;
    let cancelled = false;
    void getContent(config, 'header-script').then((answer) => {
      if (!cancelled) injectHeadHtml(headerScriptHtml(answer));
    });
    return () => {
      cancelled = true;
    };
  }, [config]);
  return null;
}
