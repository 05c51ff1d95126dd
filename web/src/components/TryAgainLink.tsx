import { Button, type ButtonProps } from '@chakra-ui/react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * 'Try Again' where a page could not load its content: a plain link to this same address, not a
 * router Link, so the browser asks the server for the page again. That is what helps once the
 * content is back, and it works whether or not the page's scripts have arrived.
 */
export function TryAgainLink(props: Omit<ButtonProps, 'asChild' | 'children'>) {
  const { pathname, search } = useLocation();
  const { t } = useTranslation('errors');
  return (
    <Button asChild colorPalette="brand" size="lg" {...props}>
      <a href={`${pathname}${search}`}>{t('tryAgain')}</a>
    </Button>
  );
}
