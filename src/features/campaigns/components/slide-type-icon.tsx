import { Briefcase, CloudSun, Megaphone, Newspaper, Tag, Trophy, type LucideIcon } from 'lucide-react';
import type { SlideType } from '@/entities/slide/slide';

const icons: Record<SlideType, LucideIcon> = {
  advertisement: Megaphone,
  weather: CloudSun,
  news: Newspaper,
  sports: Trophy,
  business_info: Briefcase,
  promotional: Tag,
};

export function SlideTypeIcon({ type, className }: { type: SlideType; className?: string }) {
  const Icon = icons[type];
  return <Icon aria-hidden className={className} />;
}
