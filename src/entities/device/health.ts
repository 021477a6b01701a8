// The health figures a screen sends with each heartbeat (public.player_heartbeat's p_health),
// kept on its row as equipment_status.device_health. Each figure the browser does not offer
// is left out.
export interface DeviceHealth {
  heap_used?: number;
  heap_limit?: number;
  storage_used?: number;
  storage_quota?: number;
  cached_media_count?: number;
  cached_media_bytes?: number;
  uptime_s?: number;
  network_type?: string;
  screen_width?: number;
  screen_height?: number;
  rotation?: number;
}
