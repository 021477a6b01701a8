export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  public: {
    Tables: {
      ads: {
        Row: {
          advertiser_id: string | null
          created_at: string
          daily_budget: number | null
          id: string
          status: string
          title: string
          updated_at: string
        }
        Insert: {
          advertiser_id?: string | null
          created_at?: string
          daily_budget?: number | null
          id?: string
          status?: string
          title: string
          updated_at?: string
        }
        Update: {
          advertiser_id?: string | null
          created_at?: string
          daily_budget?: number | null
          id?: string
          status?: string
          title?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "ads_advertiser_id_fkey"
            columns: ["advertiser_id"]
            isOneToOne: false
            referencedRelation: "advertisers"
            referencedColumns: ["id"]
          },
        ]
      }
      advertisers: {
        Row: {
          address: string | null
          advertiser_name: string
          business_name: string
          business_number: string | null
          company_logo: string | null
          contact_number: string | null
          created_at: string
          email: string
          id: string
          industry: string | null
          status: string
          total_spent: number
          updated_at: string
          user_id: string | null
        }
        Insert: {
          address?: string | null
          advertiser_name: string
          business_name: string
          business_number?: string | null
          company_logo?: string | null
          contact_number?: string | null
          created_at?: string
          email: string
          id?: string
          industry?: string | null
          status?: string
          total_spent?: number
          updated_at?: string
          user_id?: string | null
        }
        Update: {
          address?: string | null
          advertiser_name?: string
          business_name?: string
          business_number?: string | null
          company_logo?: string | null
          contact_number?: string | null
          created_at?: string
          email?: string
          id?: string
          industry?: string | null
          status?: string
          total_spent?: number
          updated_at?: string
          user_id?: string | null
        }
        Relationships: []
      }
      alert_recipients: {
        Row: {
          created_at: string
          user_id: string
        }
        Insert: {
          created_at?: string
          user_id: string
        }
        Update: {
          created_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "alert_recipients_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: true
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      alert_settings: {
        Row: {
          email_enabled: boolean
          id: boolean
          offline_after_minutes: number
          portal_url: string | null
          updated_at: string
        }
        Insert: {
          email_enabled?: boolean
          id?: boolean
          offline_after_minutes?: number
          portal_url?: string | null
          updated_at?: string
        }
        Update: {
          email_enabled?: boolean
          id?: boolean
          offline_after_minutes?: number
          portal_url?: string | null
          updated_at?: string
        }
        Relationships: []
      }
      audit_log: {
        Row: {
          action: string
          actor_id: string | null
          actor_role: string
          after: Json | null
          at: string
          before: Json | null
          id: number
          row_id: string
          row_label: string | null
          table_name: string
        }
        Insert: {
          action: string
          actor_id?: string | null
          actor_role: string
          after?: Json | null
          at?: string
          before?: Json | null
          id?: never
          row_id: string
          row_label?: string | null
          table_name: string
        }
        Update: {
          action?: string
          actor_id?: string | null
          actor_role?: string
          after?: Json | null
          at?: string
          before?: Json | null
          id?: never
          row_id?: string
          row_label?: string | null
          table_name?: string
        }
        Relationships: []
      }
      campaign_items: {
        Row: {
          ad_id: string | null
          campaign_id: string
          content: string | null
          content_type: string
          created_at: string
          display_order: number
          duration: number
          id: string
          image_url: string | null
          is_active: boolean
          media_kind: string
          priority: number
          settings: NonNullable<Json>
          slide_type: string
          text_before_limits: boolean
          title: string | null
          updated_at: string
        }
        Insert: {
          ad_id?: string | null
          campaign_id: string
          content?: string | null
          content_type?: string
          created_at?: string
          display_order?: number
          duration?: number
          id?: string
          image_url?: string | null
          is_active?: boolean
          media_kind?: string
          priority?: number
          settings?: NonNullable<Json>
          slide_type?: string
          text_before_limits?: boolean
          title?: string | null
          updated_at?: string
        }
        Update: {
          ad_id?: string | null
          campaign_id?: string
          content?: string | null
          content_type?: string
          created_at?: string
          display_order?: number
          duration?: number
          id?: string
          image_url?: string | null
          is_active?: boolean
          media_kind?: string
          priority?: number
          settings?: NonNullable<Json>
          slide_type?: string
          text_before_limits?: boolean
          title?: string | null
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "campaign_items_ad_id_fkey"
            columns: ["ad_id"]
            isOneToOne: false
            referencedRelation: "ads"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "campaign_items_campaign_id_fkey"
            columns: ["campaign_id"]
            isOneToOne: false
            referencedRelation: "campaigns"
            referencedColumns: ["id"]
          },
        ]
      }
      campaign_screens: {
        Row: {
          campaign_id: string
          created_at: string
          device_id: string
        }
        Insert: {
          campaign_id: string
          created_at?: string
          device_id: string
        }
        Update: {
          campaign_id?: string
          created_at?: string
          device_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "campaign_screens_campaign_id_fkey"
            columns: ["campaign_id"]
            isOneToOne: false
            referencedRelation: "campaigns"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "campaign_screens_device_id_fkey"
            columns: ["device_id"]
            isOneToOne: false
            referencedRelation: "equipment_status"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "campaign_screens_device_id_fkey"
            columns: ["device_id"]
            isOneToOne: false
            referencedRelation: "equipment_status_live"
            referencedColumns: ["id"]
          },
        ]
      }
      campaign_targets: {
        Row: {
          campaign_id: string
          created_at: string
          customer_id: string | null
          device_id: string | null
          group_id: string | null
          id: string
        }
        Insert: {
          campaign_id: string
          created_at?: string
          customer_id?: string | null
          device_id?: string | null
          group_id?: string | null
          id?: string
        }
        Update: {
          campaign_id?: string
          created_at?: string
          customer_id?: string | null
          device_id?: string | null
          group_id?: string | null
          id?: string
        }
        Relationships: [
          {
            foreignKeyName: "campaign_targets_campaign_id_fkey"
            columns: ["campaign_id"]
            isOneToOne: false
            referencedRelation: "campaigns"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "campaign_targets_customer_id_fkey"
            columns: ["customer_id"]
            isOneToOne: false
            referencedRelation: "customers"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "campaign_targets_device_id_fkey"
            columns: ["device_id"]
            isOneToOne: false
            referencedRelation: "equipment_status"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "campaign_targets_device_id_fkey"
            columns: ["device_id"]
            isOneToOne: false
            referencedRelation: "equipment_status_live"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "campaign_targets_group_id_fkey"
            columns: ["group_id"]
            isOneToOne: false
            referencedRelation: "screen_groups"
            referencedColumns: ["id"]
          },
        ]
      }
      campaign_windows: {
        Row: {
          campaign_id: string
          created_at: string
          days: number[]
          end_time: string
          id: string
          start_time: string
        }
        Insert: {
          campaign_id: string
          created_at?: string
          days: number[]
          end_time: string
          id?: string
          start_time: string
        }
        Update: {
          campaign_id?: string
          created_at?: string
          days?: number[]
          end_time?: string
          id?: string
          start_time?: string
        }
        Relationships: [
          {
            foreignKeyName: "campaign_windows_campaign_id_fkey"
            columns: ["campaign_id"]
            isOneToOne: false
            referencedRelation: "campaigns"
            referencedColumns: ["id"]
          },
        ]
      }
      campaigns: {
        Row: {
          advertiser_id: string | null
          content_type: string
          created_at: string
          customer_id: string | null
          display_duration: number
          end_date: string | null
          id: string
          name: string
          plays_on: string
          price_amount: number | null
          price_basis: string | null
          priority: number
          slide_count: number
          spots_per_loop: number
          start_date: string | null
          status: string
          total_duration: number
          updated_at: string
        }
        Insert: {
          advertiser_id?: string | null
          content_type?: string
          created_at?: string
          customer_id?: string | null
          display_duration?: number
          end_date?: string | null
          id?: string
          name: string
          plays_on?: string
          price_amount?: number | null
          price_basis?: string | null
          priority?: number
          slide_count?: number
          spots_per_loop?: number
          start_date?: string | null
          status?: string
          total_duration?: number
          updated_at?: string
        }
        Update: {
          advertiser_id?: string | null
          content_type?: string
          created_at?: string
          customer_id?: string | null
          display_duration?: number
          end_date?: string | null
          id?: string
          name?: string
          plays_on?: string
          price_amount?: number | null
          price_basis?: string | null
          priority?: number
          slide_count?: number
          spots_per_loop?: number
          start_date?: string | null
          status?: string
          total_duration?: number
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "campaigns_advertiser_id_fkey"
            columns: ["advertiser_id"]
            isOneToOne: false
            referencedRelation: "advertisers"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "campaigns_customer_id_fkey"
            columns: ["customer_id"]
            isOneToOne: false
            referencedRelation: "customers"
            referencedColumns: ["id"]
          },
        ]
      }
      customer_bank_accounts: {
        Row: {
          account_number: string | null
          bank_name: string | null
          created_at: string
          customer_id: string
          routing_number: string | null
          updated_at: string
        }
        Insert: {
          account_number?: string | null
          bank_name?: string | null
          created_at?: string
          customer_id: string
          routing_number?: string | null
          updated_at?: string
        }
        Update: {
          account_number?: string | null
          bank_name?: string | null
          created_at?: string
          customer_id?: string
          routing_number?: string | null
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "customer_bank_accounts_customer_id_fkey"
            columns: ["customer_id"]
            isOneToOne: true
            referencedRelation: "customers"
            referencedColumns: ["id"]
          },
        ]
      }
      customers: {
        Row: {
          about_business: string | null
          agreement_file: string | null
          contact_phone: string | null
          created_at: string
          display_type: string | null
          email: string
          fallback_image_path: string | null
          id: string
          installation_date: string | null
          locale: string
          location: string | null
          location_photo: string | null
          monthly_fee: number | null
          name: string
          note: string | null
          notes: string | null
          signup_date: string | null
          status: string
          time_zone: string
          updated_at: string
          user_id: string | null
          username: string
        }
        Insert: {
          about_business?: string | null
          agreement_file?: string | null
          contact_phone?: string | null
          created_at?: string
          display_type?: string | null
          email: string
          fallback_image_path?: string | null
          id?: string
          installation_date?: string | null
          locale?: string
          location?: string | null
          location_photo?: string | null
          monthly_fee?: number | null
          name: string
          note?: string | null
          notes?: string | null
          signup_date?: string | null
          status?: string
          time_zone?: string
          updated_at?: string
          user_id?: string | null
          username: string
        }
        Update: {
          about_business?: string | null
          agreement_file?: string | null
          contact_phone?: string | null
          created_at?: string
          display_type?: string | null
          email?: string
          fallback_image_path?: string | null
          id?: string
          installation_date?: string | null
          locale?: string
          location?: string | null
          location_photo?: string | null
          monthly_fee?: number | null
          name?: string
          note?: string | null
          notes?: string | null
          signup_date?: string | null
          status?: string
          time_zone?: string
          updated_at?: string
          user_id?: string | null
          username?: string
        }
        Relationships: []
      }
      daily_figures: {
        Row: {
          active_advertisers: number
          active_campaigns: number
          active_customers: number
          day: string
          displays: number
          monthly_revenue: number
          running_ads: number
          taken_at: string
        }
        Insert: {
          active_advertisers: number
          active_campaigns: number
          active_customers: number
          day: string
          displays: number
          monthly_revenue: number
          running_ads: number
          taken_at?: string
        }
        Update: {
          active_advertisers?: number
          active_campaigns?: number
          active_customers?: number
          day?: string
          displays?: number
          monthly_revenue?: number
          running_ads?: number
          taken_at?: string
        }
        Relationships: []
      }
      device_uptime_days: {
        Row: {
          day: string
          device_id: string
          last_sample: string
          observed_minutes: number
          online_minutes: number
        }
        Insert: {
          day: string
          device_id: string
          last_sample: string
          observed_minutes?: number
          online_minutes?: number
        }
        Update: {
          day?: string
          device_id?: string
          last_sample?: string
          observed_minutes?: number
          online_minutes?: number
        }
        Relationships: [
          {
            foreignKeyName: "device_uptime_days_device_id_fkey"
            columns: ["device_id"]
            isOneToOne: false
            referencedRelation: "equipment_status"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "device_uptime_days_device_id_fkey"
            columns: ["device_id"]
            isOneToOne: false
            referencedRelation: "equipment_status_live"
            referencedColumns: ["id"]
          },
        ]
      }
      dynamic_content_cache: {
        Row: {
          expires_at: string | null
          fetched_at: string | null
          key: string
          payload: Json | null
          refreshing_until: string | null
        }
        Insert: {
          expires_at?: string | null
          fetched_at?: string | null
          key: string
          payload?: Json | null
          refreshing_until?: string | null
        }
        Update: {
          expires_at?: string | null
          fetched_at?: string | null
          key?: string
          payload?: Json | null
          refreshing_until?: string | null
        }
        Relationships: []
      }
      equipment_status: {
        Row: {
          app_version: string | null
          clock_offset_ms: number | null
          content_version: string | null
          created_at: string
          current_campaign_id: string | null
          current_slide_id: string | null
          customer_id: string | null
          device_health: Json | null
          device_name: string
          diagnostics: string | null
          id: string
          is_active: boolean
          last_content_update: string | null
          last_heartbeat: string | null
          location: string | null
          loop_seconds: number
          orientation: string
          paired_at: string | null
          resolution: string | null
          revoked_at: string | null
          screen_user_id: string | null
          status: string
          updated_at: string
        }
        Insert: {
          app_version?: string | null
          clock_offset_ms?: number | null
          content_version?: string | null
          created_at?: string
          current_campaign_id?: string | null
          current_slide_id?: string | null
          customer_id?: string | null
          device_health?: Json | null
          device_name: string
          diagnostics?: string | null
          id?: string
          is_active?: boolean
          last_content_update?: string | null
          last_heartbeat?: string | null
          location?: string | null
          loop_seconds?: number
          orientation?: string
          paired_at?: string | null
          resolution?: string | null
          revoked_at?: string | null
          screen_user_id?: string | null
          status?: string
          updated_at?: string
        }
        Update: {
          app_version?: string | null
          clock_offset_ms?: number | null
          content_version?: string | null
          created_at?: string
          current_campaign_id?: string | null
          current_slide_id?: string | null
          customer_id?: string | null
          device_health?: Json | null
          device_name?: string
          diagnostics?: string | null
          id?: string
          is_active?: boolean
          last_content_update?: string | null
          last_heartbeat?: string | null
          location?: string | null
          loop_seconds?: number
          orientation?: string
          paired_at?: string | null
          resolution?: string | null
          revoked_at?: string | null
          screen_user_id?: string | null
          status?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "equipment_status_current_campaign_id_fkey"
            columns: ["current_campaign_id"]
            isOneToOne: false
            referencedRelation: "campaigns"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "equipment_status_current_slide_id_fkey"
            columns: ["current_slide_id"]
            isOneToOne: false
            referencedRelation: "campaign_items"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "equipment_status_customer_id_fkey"
            columns: ["customer_id"]
            isOneToOne: false
            referencedRelation: "customers"
            referencedColumns: ["id"]
          },
        ]
      }
      function_rate_limits: {
        Row: {
          hits: number
          key: string
          window_started_at: string
        }
        Insert: {
          hits?: number
          key: string
          window_started_at?: string
        }
        Update: {
          hits?: number
          key?: string
          window_started_at?: string
        }
        Relationships: []
      }
      merged_devices: {
        Row: {
          from_id: string
          into_id: string
          merged_at: string
        }
        Insert: {
          from_id: string
          into_id: string
          merged_at?: string
        }
        Update: {
          from_id?: string
          into_id?: string
          merged_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "merged_devices_into_id_fkey"
            columns: ["into_id"]
            isOneToOne: false
            referencedRelation: "equipment_status"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "merged_devices_into_id_fkey"
            columns: ["into_id"]
            isOneToOne: false
            referencedRelation: "equipment_status_live"
            referencedColumns: ["id"]
          },
        ]
      }
      network_settings: {
        Row: {
          currency: string
          default_loop_seconds: number
          fallback_image_path: string | null
          id: boolean
          require_two_factor: boolean
          updated_at: string
        }
        Insert: {
          currency?: string
          default_loop_seconds?: number
          fallback_image_path?: string | null
          id?: boolean
          require_two_factor?: boolean
          updated_at?: string
        }
        Update: {
          currency?: string
          default_loop_seconds?: number
          fallback_image_path?: string | null
          id?: boolean
          require_two_factor?: boolean
          updated_at?: string
        }
        Relationships: []
      }
      play_days: {
        Row: {
          ad_id: string | null
          advertiser_id: string | null
          campaign_id: string | null
          customer_id: string
          day: string
          device_id: string
          label_id: string | null
          plays: number
          seconds: number
          slide_id: string | null
        }
        Insert: {
          ad_id?: string | null
          advertiser_id?: string | null
          campaign_id?: string | null
          customer_id: string
          day: string
          device_id: string
          label_id?: string | null
          plays?: number
          seconds?: number
          slide_id?: string | null
        }
        Update: {
          ad_id?: string | null
          advertiser_id?: string | null
          campaign_id?: string | null
          customer_id?: string
          day?: string
          device_id?: string
          label_id?: string | null
          plays?: number
          seconds?: number
          slide_id?: string | null
        }
        Relationships: []
      }
      play_hours: {
        Row: {
          ad_id: string | null
          advertiser_id: string | null
          campaign_id: string | null
          customer_id: string
          device_id: string
          hour: string
          label_id: string | null
          plays: number
          seconds: number
          slide_id: string | null
        }
        Insert: {
          ad_id?: string | null
          advertiser_id?: string | null
          campaign_id?: string | null
          customer_id: string
          device_id: string
          hour: string
          label_id?: string | null
          plays?: number
          seconds?: number
          slide_id?: string | null
        }
        Update: {
          ad_id?: string | null
          advertiser_id?: string | null
          campaign_id?: string | null
          customer_id?: string
          device_id?: string
          hour?: string
          label_id?: string | null
          plays?: number
          seconds?: number
          slide_id?: string | null
        }
        Relationships: []
      }
      play_labels: {
        Row: {
          ad_title: string | null
          advertiser_name: string | null
          campaign_name: string | null
          id: string
          media_hash: string | null
          media_path: string | null
          screen_name: string | null
          slide_title: string | null
          venue_name: string | null
        }
        Insert: {
          ad_title?: string | null
          advertiser_name?: string | null
          campaign_name?: string | null
          id: string
          media_hash?: string | null
          media_path?: string | null
          screen_name?: string | null
          slide_title?: string | null
          venue_name?: string | null
        }
        Update: {
          ad_title?: string | null
          advertiser_name?: string | null
          campaign_name?: string | null
          id?: string
          media_hash?: string | null
          media_path?: string | null
          screen_name?: string | null
          slide_title?: string | null
          venue_name?: string | null
        }
        Relationships: []
      }
      play_refusals: {
        Row: {
          customer_id: string
          day: string
          device_id: string
          plays: number
          reason: string
        }
        Insert: {
          customer_id: string
          day: string
          device_id: string
          plays?: number
          reason: string
        }
        Update: {
          customer_id?: string
          day?: string
          device_id?: string
          plays?: number
          reason?: string
        }
        Relationships: [
          {
            foreignKeyName: "play_refusals_customer_id_fkey"
            columns: ["customer_id"]
            isOneToOne: false
            referencedRelation: "customers"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "play_refusals_device_id_fkey"
            columns: ["device_id"]
            isOneToOne: false
            referencedRelation: "equipment_status"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "play_refusals_device_id_fkey"
            columns: ["device_id"]
            isOneToOne: false
            referencedRelation: "equipment_status_live"
            referencedColumns: ["id"]
          },
        ]
      }
      plays: {
        Row: {
          ad_id: string | null
          ad_title: string | null
          advertiser_id: string | null
          advertiser_name: string | null
          campaign_id: string | null
          campaign_name: string | null
          customer_id: string
          device_id: string
          id: string
          media_hash: string | null
          media_path: string | null
          received_at: string
          recorded_device_id: string | null
          screen_name: string | null
          seconds: number
          slide_id: string | null
          slide_title: string | null
          started_at: string
          venue_name: string | null
        }
        Insert: {
          ad_id?: string | null
          ad_title?: string | null
          advertiser_id?: string | null
          advertiser_name?: string | null
          campaign_id?: string | null
          campaign_name?: string | null
          customer_id: string
          device_id: string
          id: string
          media_hash?: string | null
          media_path?: string | null
          received_at?: string
          recorded_device_id?: string | null
          screen_name?: string | null
          seconds: number
          slide_id?: string | null
          slide_title?: string | null
          started_at: string
          venue_name?: string | null
        }
        Update: {
          ad_id?: string | null
          ad_title?: string | null
          advertiser_id?: string | null
          advertiser_name?: string | null
          campaign_id?: string | null
          campaign_name?: string | null
          customer_id?: string
          device_id?: string
          id?: string
          media_hash?: string | null
          media_path?: string | null
          received_at?: string
          recorded_device_id?: string | null
          screen_name?: string | null
          seconds?: number
          slide_id?: string | null
          slide_title?: string | null
          started_at?: string
          venue_name?: string | null
        }
        Relationships: []
      }
      screen_commands: {
        Row: {
          command: string
          delivered_at: string | null
          device_id: string
          expires_at: string
          finished_at: string | null
          id: string
          issued_at: string
          issued_by: string | null
          result: Json | null
          status: string
        }
        Insert: {
          command: string
          delivered_at?: string | null
          device_id: string
          expires_at?: string
          finished_at?: string | null
          id?: string
          issued_at?: string
          issued_by?: string | null
          result?: Json | null
          status?: string
        }
        Update: {
          command?: string
          delivered_at?: string | null
          device_id?: string
          expires_at?: string
          finished_at?: string | null
          id?: string
          issued_at?: string
          issued_by?: string | null
          result?: Json | null
          status?: string
        }
        Relationships: [
          {
            foreignKeyName: "screen_commands_device_id_fkey"
            columns: ["device_id"]
            isOneToOne: false
            referencedRelation: "equipment_status"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "screen_commands_device_id_fkey"
            columns: ["device_id"]
            isOneToOne: false
            referencedRelation: "equipment_status_live"
            referencedColumns: ["id"]
          },
        ]
      }
      screen_group_members: {
        Row: {
          created_at: string
          device_id: string
          group_id: string
        }
        Insert: {
          created_at?: string
          device_id: string
          group_id: string
        }
        Update: {
          created_at?: string
          device_id?: string
          group_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "screen_group_members_device_id_fkey"
            columns: ["device_id"]
            isOneToOne: false
            referencedRelation: "equipment_status"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "screen_group_members_device_id_fkey"
            columns: ["device_id"]
            isOneToOne: false
            referencedRelation: "equipment_status_live"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "screen_group_members_group_id_fkey"
            columns: ["group_id"]
            isOneToOne: false
            referencedRelation: "screen_groups"
            referencedColumns: ["id"]
          },
        ]
      }
      screen_groups: {
        Row: {
          colour: string | null
          created_at: string
          description: string | null
          id: string
          name: string
          updated_at: string
        }
        Insert: {
          colour?: string | null
          created_at?: string
          description?: string | null
          id?: string
          name: string
          updated_at?: string
        }
        Update: {
          colour?: string | null
          created_at?: string
          description?: string | null
          id?: string
          name?: string
          updated_at?: string
        }
        Relationships: []
      }
      screen_pairings: {
        Row: {
          claimed_at: string | null
          code: string
          created_at: string
          device_id: string | null
          expires_at: string
          id: string
          requested_ip: string | null
          secret_hash: string
        }
        Insert: {
          claimed_at?: string | null
          code: string
          created_at?: string
          device_id?: string | null
          expires_at: string
          id?: string
          requested_ip?: string | null
          secret_hash: string
        }
        Update: {
          claimed_at?: string | null
          code?: string
          created_at?: string
          device_id?: string | null
          expires_at?: string
          id?: string
          requested_ip?: string | null
          secret_hash?: string
        }
        Relationships: [
          {
            foreignKeyName: "screen_pairings_device_id_fkey"
            columns: ["device_id"]
            isOneToOne: false
            referencedRelation: "equipment_status"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "screen_pairings_device_id_fkey"
            columns: ["device_id"]
            isOneToOne: false
            referencedRelation: "equipment_status_live"
            referencedColumns: ["id"]
          },
        ]
      }
      system_alerts: {
        Row: {
          acknowledge_note: string | null
          acknowledged_at: string | null
          acknowledged_by: string | null
          alert_day: string | null
          alert_type: string
          campaign_id: string | null
          created_at: string
          customer_id: string | null
          device_id: string | null
          email_attempts: number
          email_claimed_at: string | null
          email_state: string | null
          emailed_at: string | null
          ended_at: string | null
          id: string
          message: string
          resolved: boolean
          resolved_at: string | null
          severity: string
          silent_since: string | null
        }
        Insert: {
          acknowledge_note?: string | null
          acknowledged_at?: string | null
          acknowledged_by?: string | null
          alert_day?: string | null
          alert_type: string
          campaign_id?: string | null
          created_at?: string
          customer_id?: string | null
          device_id?: string | null
          email_attempts?: number
          email_claimed_at?: string | null
          email_state?: string | null
          emailed_at?: string | null
          ended_at?: string | null
          id?: string
          message: string
          resolved?: boolean
          resolved_at?: string | null
          severity?: string
          silent_since?: string | null
        }
        Update: {
          acknowledge_note?: string | null
          acknowledged_at?: string | null
          acknowledged_by?: string | null
          alert_day?: string | null
          alert_type?: string
          campaign_id?: string | null
          created_at?: string
          customer_id?: string | null
          device_id?: string | null
          email_attempts?: number
          email_claimed_at?: string | null
          email_state?: string | null
          emailed_at?: string | null
          ended_at?: string | null
          id?: string
          message?: string
          resolved?: boolean
          resolved_at?: string | null
          severity?: string
          silent_since?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "system_alerts_acknowledged_by_fkey"
            columns: ["acknowledged_by"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "system_alerts_campaign_id_fkey"
            columns: ["campaign_id"]
            isOneToOne: false
            referencedRelation: "campaigns"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "system_alerts_customer_id_fkey"
            columns: ["customer_id"]
            isOneToOne: false
            referencedRelation: "customers"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "system_alerts_device_id_fkey"
            columns: ["device_id"]
            isOneToOne: false
            referencedRelation: "equipment_status"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "system_alerts_device_id_fkey"
            columns: ["device_id"]
            isOneToOne: false
            referencedRelation: "equipment_status_live"
            referencedColumns: ["id"]
          },
        ]
      }
      users: {
        Row: {
          created_at: string
          email: string | null
          id: string
          locale: string | null
          role: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          email?: string | null
          id: string
          locale?: string | null
          role?: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          email?: string | null
          id?: string
          locale?: string | null
          role?: string
          updated_at?: string
        }
        Relationships: []
      }
    }
    Views: {
      campaign_target_screens: {
        Row: {
          campaign_id: string | null
          device_id: string | null
        }
        Relationships: []
      }
      equipment_status_live: {
        Row: {
          app_version: string | null
          clock_offset_ms: number | null
          created_at: string | null
          current_campaign_id: string | null
          current_campaign_name: string | null
          current_slide_id: string | null
          current_slide_title: string | null
          customer_contact_phone: string | null
          customer_id: string | null
          customer_location: string | null
          customer_name: string | null
          device_health: Json | null
          device_name: string | null
          diagnostics: string | null
          heartbeat_stale: boolean | null
          id: string | null
          is_active: boolean | null
          last_content_update: string | null
          last_heartbeat: string | null
          live_status: string | null
          location: string | null
          loop_seconds: number | null
          orientation: string | null
          paired: boolean | null
          paired_at: string | null
          resolution: string | null
          revoked_at: string | null
          status: string | null
          updated_at: string | null
        }
        Relationships: [
          {
            foreignKeyName: "equipment_status_current_campaign_id_fkey"
            columns: ["current_campaign_id"]
            isOneToOne: false
            referencedRelation: "campaigns"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "equipment_status_current_slide_id_fkey"
            columns: ["current_slide_id"]
            isOneToOne: false
            referencedRelation: "campaign_items"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "equipment_status_customer_id_fkey"
            columns: ["customer_id"]
            isOneToOne: false
            referencedRelation: "customers"
            referencedColumns: ["id"]
          },
        ]
      }
    }
    Functions: {
      ack_screen_command: {
        Args: { p_id: string; p_result?: Json; p_status: string }
        Returns: {
          command: string
          delivered_at: string | null
          device_id: string
          expires_at: string
          finished_at: string | null
          id: string
          issued_at: string
          issued_by: string | null
          result: Json | null
          status: string
        }
        SetofOptions: {
          from: "*"
          to: "screen_commands"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      acknowledge_alerts: {
        Args: { p_ids: string[]; p_note?: string }
        Returns: number
      }
      active_monthly_revenue: {
        Args: Record<PropertyKey, never>
        Returns: {
          customers: number
          total: number
        }[]
      }
      add_my_screen: {
        Args: { p_device_name: string; p_orientation?: string }
        Returns: string
      }
      advance_campaign_statuses: {
        Args: Record<PropertyKey, never>
        Returns: Json
      }
      advertiser_campaign_ids: {
        Args: Record<PropertyKey, never>
        Returns: string[]
      }
      advertiser_campaigns: {
        Args: Record<PropertyKey, never>
        Returns: {
          end_date: string
          id: string
          kind: string
          name: string
          plays: number
          screens: number
          seconds: number
          start_date: string
          status: string
          venue_name: string
        }[]
      }
      advertiser_screens: {
        Args: Record<PropertyKey, never>
        Returns: {
          device_id: string
          screen_name: string
          time_zone: string
          venue_address: string
          venue_id: string
          venue_name: string
        }[]
      }
      advertiser_statement: {
        Args: { p_advertiser_id: string; p_month: string }
        Returns: Json
      }
      alerts_page: {
        Args: {
          p_customer_id?: string
          p_device_id?: string
          p_limit?: number
          p_offset?: number
          p_search?: string
          p_severities?: string[]
          p_since_hours?: number
          p_state?: string
          p_types?: string[]
        }
        Returns: {
          acknowledge_note: string
          acknowledged_at: string
          acknowledged_by_email: string
          alert_type: string
          created_at: string
          customer_id: string
          device_id: string
          device_name: string
          id: string
          message: string
          resolved: boolean
          resolved_at: string
          severity: string
          total_count: number
          venue_name: string
        }[]
      }
      audit_entries: {
        Args: {
          p_action?: string
          p_actor?: string
          p_from?: string
          p_limit?: number
          p_offset?: number
          p_row_id?: string
          p_search?: string
          p_table?: string
          p_to?: string
        }
        Returns: {
          action: string
          actor_email: string
          actor_id: string
          actor_role: string
          after: Json
          at: string
          before: Json
          id: number
          row_id: string
          row_label: string
          table_name: string
          total_count: number
        }[]
      }
      bulk_delete_campaigns: {
        Args: { p_campaign_ids: string[] }
        Returns: number
      }
      bulk_delete_screens: { Args: { p_device_ids: string[] }; Returns: number }
      bulk_move_screens: {
        Args: { p_customer_id: string; p_device_ids: string[] }
        Returns: number
      }
      bulk_retarget_campaigns: {
        Args: { p_campaign_ids: string[]; p_targets: Json }
        Returns: number
      }
      bulk_revoke_screens: { Args: { p_device_ids: string[] }; Returns: number }
      bulk_set_campaign_status: {
        Args: { p_campaign_ids: string[]; p_status: string }
        Returns: Json
      }
      bulk_set_orientation: {
        Args: { p_device_ids: string[]; p_orientation: string }
        Returns: number
      }
      campaign_delivery: {
        Args: { p_campaign_id: string; p_from?: string; p_to?: string }
        Returns: {
          day: string
          expected_plays: number
          recorded_plays: number
          screens: number
        }[]
      }
      campaign_performance: {
        Args: { p_campaign_id: string; p_from: string; p_to: string }
        Returns: Json
      }
      campaign_plays_at: {
        Args: {
          p_at: string
          p_end_date: string
          p_start_date: string
          p_status: string
          p_time_zone: string
          p_windows: Json
        }
        Returns: boolean
      }
      campaign_windows_json: { Args: { p_campaign_id: string }; Returns: Json }
      check_campaign_booking: {
        Args: {
          p_advertiser_id: string
          p_end_date?: string
          p_id?: string
          p_name: string
          p_plays_on: string
          p_slide_seconds?: number
          p_spots_per_loop: number
          p_start_date?: string
          p_status: string
          p_targets?: Json
          p_windows?: Json
        }
        Returns: Json
      }
      check_campaign_delivery: {
        Args: Record<PropertyKey, never>
        Returns: number
      }
      check_screen_heartbeats: {
        Args: Record<PropertyKey, never>
        Returns: Json
      }
      claim_alert_emails: { Args: { p_limit?: number }; Returns: Json }
      consume_rate_limit: {
        Args: { p_key: string; p_limit: number; p_window_seconds: number }
        Returns: boolean
      }
      create_screen_pairing: {
        Args: {
          p_code: string
          p_expires_in_seconds: number
          p_ip_limit: number
          p_ip_window_seconds: number
          p_requested_ip: string
          p_secret_hash: string
          p_waiting_limit?: number
        }
        Returns: Json
      }
      current_advertiser_id: {
        Args: Record<PropertyKey, never>
        Returns: string
      }
      current_customer_id: { Args: Record<PropertyKey, never>; Returns: string }
      current_screen_device_id: {
        Args: Record<PropertyKey, never>
        Returns: string
      }
      dashboard_figures: { Args: Record<PropertyKey, never>; Returns: Json }
      dashboard_overview: { Args: { p_list_size?: number }; Returns: Json }
      default_loop_seconds: {
        Args: Record<PropertyKey, never>
        Returns: number
      }
      describe_duration: { Args: { p_interval: string }; Returns: string }
      dynamic_content_cache_lookup: {
        Args: { p_key: string; p_lease_seconds: number; p_now?: string }
        Returns: {
          claimed: boolean
          expires_at: string
          fetched_at: string
          payload: Json
        }[]
      }
      dynamic_content_cache_store: {
        Args: {
          p_key: string
          p_now?: string
          p_payload: Json
          p_ttl_seconds: number
        }
        Returns: undefined
      }
      equipment_live_counts: {
        Args: Record<PropertyKey, never>
        Returns: {
          error: number
          idle: number
          offline: number
          online: number
        }[]
      }
      equipment_live_status: {
        Args: { p_last_heartbeat: string; p_status: string }
        Returns: string
      }
      finish_alert_emails: {
        Args: { p_ids: string[]; p_outcome: string }
        Returns: number
      }
      finish_screen_pairing: {
        Args: { p_pairing_id: string; p_secret_hash: string; p_user_id: string }
        Returns: Json
      }
      is_admin: { Args: Record<PropertyKey, never>; Returns: boolean }
      is_advertiser_media: {
        Args: { p_bucket: string; p_name: string }
        Returns: boolean
      }
      is_own_fallback_image: { Args: { object_name: string }; Returns: boolean }
      is_own_slide_image: { Args: { object_name: string }; Returns: boolean }
      is_own_slide_video: { Args: { object_name: string }; Returns: boolean }
      iso_time_or_null: { Args: { p_text: string }; Returns: string }
      issue_screen_commands: {
        Args: { p_command: string; p_device_ids: string[] }
        Returns: {
          command: string
          delivered_at: string | null
          device_id: string
          expires_at: string
          finished_at: string | null
          id: string
          issued_at: string
          issued_by: string | null
          result: Json | null
          status: string
        }[]
        SetofOptions: {
          from: "*"
          to: "screen_commands"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      maintain_play_partitions: {
        Args: Record<PropertyKey, never>
        Returns: Json
      }
      merge_devices: {
        Args: { p_from: string; p_into: string }
        Returns: undefined
      }
      my_screen: { Args: Record<PropertyKey, never>; Returns: Json }
      my_screen_commands: {
        Args: Record<PropertyKey, never>
        Returns: {
          command: string
          delivered_at: string | null
          device_id: string
          expires_at: string
          finished_at: string | null
          id: string
          issued_at: string
          issued_by: string | null
          result: Json | null
          status: string
        }[]
        SetofOptions: {
          from: "*"
          to: "screen_commands"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      network_availability: {
        Args: {
          p_customer_id?: string
          p_end: string
          p_group_id?: string
          p_start: string
        }
        Returns: {
          booked_seconds: number
          day: string
          device_id: string
          loop_seconds: number
        }[]
      }
      network_campaign_pacing: {
        Args: Record<PropertyKey, never>
        Returns: {
          campaign_id: string
          expected_plays: number
          pace: number
          recorded_plays: number
        }[]
      }
      network_currency: { Args: Record<PropertyKey, never>; Returns: string }
      network_summary: { Args: Record<PropertyKey, never>; Returns: Json }
      offline_severity: { Args: { p_silent_for: string }; Returns: string }
      pair_screen: {
        Args: {
          p_code: string
          p_customer_id: string
          p_device_id?: string
          p_device_name: string
          p_orientation?: string
        }
        Returns: string
      }
      player_device: {
        Args: { p_device_id: string }
        Returns: {
          app_version: string | null
          clock_offset_ms: number | null
          content_version: string | null
          created_at: string
          current_campaign_id: string | null
          current_slide_id: string | null
          customer_id: string | null
          device_health: Json | null
          device_name: string
          diagnostics: string | null
          id: string
          is_active: boolean
          last_content_update: string | null
          last_heartbeat: string | null
          location: string | null
          loop_seconds: number
          orientation: string
          paired_at: string | null
          resolution: string | null
          revoked_at: string | null
          screen_user_id: string | null
          status: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "equipment_status"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      player_heartbeat: {
        Args: {
          p_app_version?: string
          p_boot_id?: string
          p_campaign_id?: string
          p_content_version?: string
          p_device_id?: string
          p_device_time?: string
          p_diagnostics?: string
          p_health?: Json
          p_resolution?: string
          p_slide_id?: string
        }
        Returns: string
      }
      player_playlist: {
        Args: { p_at?: string; p_customer_id?: string; p_device_id?: string }
        Returns: Json
      }
      plays_by_day: {
        Args: {
          p_advertiser_id?: string
          p_customer_id?: string
          p_from: string
          p_to: string
        }
        Returns: {
          day: string
          plays: number
          seconds: number
        }[]
      }
      plays_report: {
        Args: {
          p_advertiser_id?: string
          p_customer_id?: string
          p_from: string
          p_group?: string
          p_to: string
        }
        Returns: {
          detail: string
          key: string
          label: string
          plays: number
          screens: number
          seconds: number
        }[]
      }
      prune_audit_log: { Args: Record<PropertyKey, never>; Returns: number }
      prune_play_rollups: { Args: Record<PropertyKey, never>; Returns: Json }
      rate_limit_retry_after: {
        Args: { p_key: string; p_window_seconds: number }
        Returns: number
      }
      record_plays: {
        Args: { p_device_id?: string; p_plays: Json }
        Returns: Json
      }
      refresh_advertiser_totals: {
        Args: Record<PropertyKey, never>
        Returns: number
      }
      remove_team_member: { Args: { p_user_id: string }; Returns: undefined }
      rename_slide_image: {
        Args: { p_from: string; p_to: string }
        Returns: number
      }
      report_screen_problem: {
        Args: { p_device_id: string; p_message: string }
        Returns: string
      }
      request_alert_emails: {
        Args: Record<PropertyKey, never>
        Returns: boolean
      }
      resolve_alerts: { Args: { p_ids: string[] }; Returns: number }
      revoke_screen: { Args: { p_device_id: string }; Returns: undefined }
      run_network_upkeep: { Args: Record<PropertyKey, never>; Returns: Json }
      run_screen_checks: { Args: Record<PropertyKey, never>; Returns: Json }
      sample_screen_uptime: {
        Args: Record<PropertyKey, never>
        Returns: number
      }
      save_alert_settings: {
        Args: {
          p_email_enabled: boolean
          p_offline_after_minutes: number
          p_portal_url?: string
          p_recipient_ids: string[]
        }
        Returns: {
          email_enabled: boolean
          id: boolean
          offline_after_minutes: number
          portal_url: string | null
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "alert_settings"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      save_campaign: {
        Args: {
          p_advertiser_id?: string
          p_customer_id: string
          p_end_date?: string
          p_id?: string
          p_name: string
          p_plays_on?: string
          p_price_amount?: number
          p_price_basis?: string
          p_priority?: number
          p_screen_ids?: string[]
          p_spots_per_loop?: number
          p_start_date?: string
          p_status: string
          p_targets?: Json
          p_windows?: Json
        }
        Returns: string
      }
      save_campaign_slides: {
        Args: {
          p_campaign_id: string
          p_expected_updated_at?: string
          p_slides: Json
        }
        Returns: {
          ad_id: string | null
          campaign_id: string
          content: string | null
          content_type: string
          created_at: string
          display_order: number
          duration: number
          id: string
          image_url: string | null
          is_active: boolean
          media_kind: string
          priority: number
          settings: NonNullable<Json>
          slide_type: string
          text_before_limits: boolean
          title: string | null
          updated_at: string
        }[]
        SetofOptions: {
          from: "*"
          to: "campaign_items"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      screen_day_bookings: {
        Args: { p_day: string; p_device_id: string }
        Returns: {
          advertiser_id: string
          advertiser_name: string
          booked_seconds: number
          campaign_id: string
          campaign_name: string
          spot_seconds: number
          spots_per_loop: number
          windows: Json
        }[]
      }
      set_my_locale: { Args: { p_locale: string }; Returns: undefined }
      set_team_role: {
        Args: { p_role: string; p_user_id: string }
        Returns: undefined
      }
      take_daily_figures: { Args: Record<PropertyKey, never>; Returns: string }
      team_can: { Args: { capability: string }; Returns: boolean }
      team_member_role_for_change: {
        Args: { p_action: string; p_user_id: string }
        Returns: string
      }
      team_members: {
        Args: Record<PropertyKey, never>
        Returns: {
          created_at: string
          email: string
          id: string
          last_sign_in_at: string
          pending: boolean
          role: string
          two_factor: boolean
        }[]
      }
      team_role: { Args: Record<PropertyKey, never>; Returns: string }
      venue_screens: {
        Args: Record<PropertyKey, never>
        Returns: {
          current_campaign_name: string
          current_slide_title: string
          device_name: string
          id: string
          last_heartbeat: string
          live_status: string
          location: string
          orientation: string
          revoked: boolean
        }[]
      }
      viewer_customer_id: { Args: Record<PropertyKey, never>; Returns: string }
      windows_cover: {
        Args: { p_local: string; p_windows: Json }
        Returns: boolean
      }
    }
    Enums: {
      [_ in never]: never
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {},
  },
} as const

