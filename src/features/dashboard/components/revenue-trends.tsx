import { BarChart3 } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

export function RevenueTrends() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Revenue Trends</CardTitle>
      </CardHeader>
      <CardContent className="flex h-56 flex-col items-center justify-center gap-2 text-center text-gray-500">
        <BarChart3 aria-hidden className="size-10 text-gray-400" />
        <p className="text-sm">Chart integration coming soon</p>
      </CardContent>
    </Card>
  );
}
