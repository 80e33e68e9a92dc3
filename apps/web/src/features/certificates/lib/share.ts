import { certificatePagePath, type Certificate } from '@rianroo/contract';

/** The public verification page of a certificate, as an absolute address of this site. */
export const verifyUrlOf = (code: string, origin = window.location.origin) =>
  origin + certificatePagePath(code);

/** LinkedIn's "add a certification to my profile" address for a certificate. */
export function linkedInAddUrl(
  cert: Pick<Certificate, 'code' | 'courseTitle' | 'issuedAt'>,
  verifyUrl: string,
) {
  const issued = new Date(cert.issuedAt);
  const query = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: cert.courseTitle,
    organizationName: 'Rianroo',
    issueYear: String(issued.getFullYear()),
    issueMonth: String(issued.getMonth() + 1),
    certUrl: verifyUrl,
    certId: cert.code,
  });
  return `https://www.linkedin.com/profile/add?${query}`;
}

/**
 * Copies text: the Clipboard API where the browser allows it, else a hidden text area and `execCommand`
 * (older browsers, pages not in a secure context). False when neither worked.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* refused (permissions, focus): try the old way */
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
