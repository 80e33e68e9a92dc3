import { useEffect } from 'react';
import { injectHeadHtml } from '../../../lib/head-html';
import { useHeaderScript } from '../api/header-script';

/** Header scripts of the content service go into the page head (spec section 2); none published, none added. */
export default function HeadScripts() {
  const { data: html } = useHeaderScript();
  useEffect(() => {
    if (html) injectHeadHtml(html);
  }, [html]);
  return null;
}
