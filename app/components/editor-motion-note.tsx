import { useEffect } from 'react';
import { prefersReducedMotion } from '#app/client/motion.ts';
import { usePersonal } from '#app/components/personal.ts';
import { canEditContent } from '#app/domain/customers/identity.view.ts';
import { useI18n } from '#app/lib/i18n.ts';

/**
 * Tells someone who edits the shop, in the console, that this device asks for reduced motion,
 * so the animations they may be checking do not run here (storefront spec, section 6).
 */
export function EditorMotionNote({ currency }: { currency: string }) {
  const { t } = useI18n();
  const editor = canEditContent(usePersonal(currency).viewer);
  const note = t('motion.editor_note');
  useEffect(() => {
    if (editor && prefersReducedMotion()) console.info(note);
  }, [editor, note]);
  return null;
}
