import { useEffect, useState } from 'react';
import { localizePath, type Lang } from '../../common/i18n/languages.ts';
import { myPosts } from '../../client/my-posts.ts';

/** "My posts", shown once this device has posted something (`posted` turns true after a post here). */
export function MyPostsLink({ lang, label, posted }: { lang: Lang; label: string; posted: boolean }) {
  const [known, setKnown] = useState(false);
  useEffect(() => setKnown(posted || myPosts().length > 0), [posted]);
  if (!known) return null;
  return (
    <p className="my-posts-link">
      <a href={localizePath('/manage', lang)}>{label}</a>
    </p>
  );
}
