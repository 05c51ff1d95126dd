import {
  Award,
  Car,
  Clock,
  FileText,
  Heart,
  House,
  Monitor,
  Scale,
  Shield,
  Users,
  type LucideProps,
} from 'lucide-react';
import type { IconName } from '../gql/graphql';

// Imported one by one so only these ten icons reach the bundle.
const ICONS: Record<IconName, (props: LucideProps) => React.ReactNode> = {
  Scale,
  Heart,
  Shield,
  Car,
  Monitor,
  Home: House,
  FileText,
  Users,
  Clock,
  Award,
};

export function IconByName({ name, ...props }: { name: IconName } & LucideProps) {
  const Icon = ICONS[name] ?? Scale;
  return <Icon aria-hidden="true" focusable="false" {...props} />;
}
