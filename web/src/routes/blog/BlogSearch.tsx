import { useEffect, useId, useState } from 'react';
import { Box, Input, chakra } from '@chakra-ui/react';
import { inputRecipe } from '../../components/form-recipes';
import { useNavigate } from 'react-router';
import { Search } from 'lucide-react';
import { SEARCH_MAX_LENGTH } from '@site/content-model';
import { blogHref } from './blog-params.js';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * The blog search. A plain GET form, so it works before the script has arrived on a slow phone; once
 * hydrated it searches as the visitor types (debounced) and keeps the query in the address (replace,
 * so the back button leaves the blog instead of stepping through keystrokes).
 */
export function BlogSearch({ q, category }: { q: string; category: string }) {
  const navigate = useNavigate();
  const inputId = useId();
  const [value, setValue] = useState(q);
  const [shownQ, setShownQ] = useState(q);
  // The address changed from elsewhere (back button, a category link): show its query. A value that
  // differs only by spaces the visitor is still typing is left alone.
  if (shownQ !== q) {
    setShownQ(q);
    if (value.trim() !== q) setValue(q);
  }

  const go = (next: string) => {
    navigate(blogHref({ q: next, category }), { replace: true, preventScrollReset: true });
  };

  useEffect(() => {
    const next = value.trim();
    if (next === q) return;
    const timer = setTimeout(() => go(next), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // `go` is rebuilt each render from `category`, which is already a dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, q, category]);

  return (
    <chakra.form
      role="search"
      method="get"
      action="/blog"
      maxW="xl"
      mx="auto"
      onSubmit={(e) => {
        e.preventDefault();
        go(value.trim());
      }}
    >
      <chakra.label htmlFor={inputId} display="block" fontWeight="semibold" mb="2" color="white">
        Search articles
      </chakra.label>
      <Box position="relative">
        <Box
          position="absolute"
          insetStart="4"
          top="50%"
          transform="translateY(-50%)"
          color="gray.500"
          pointerEvents="none"
          zIndex="1"
        >
          <Search size={20} aria-hidden="true" />
        </Box>
        <Input
          recipe={inputRecipe}
          id={inputId}
          type="search"
          name="q"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder="Search articles..."
          maxLength={SEARCH_MAX_LENGTH}
          autoComplete="off"
          enterKeyHint="search"
          size="xl"
          ps="12"
          bg="white"
          color="gray.900"
          borderColor="whiteAlpha.600"
          borderRadius="full"
          _placeholder={{ color: 'gray.500' }}
        />
      </Box>
      {category && <input type="hidden" name="category" value={category} />}
    </chakra.form>
  );
}
