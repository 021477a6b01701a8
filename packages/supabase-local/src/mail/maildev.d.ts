// The part of maildev@2's programmatic API the local inbox uses.
declare module 'maildev' {
  interface MailDevOptions {
    smtp?: number;
    web?: number;
    ip?: string;
    webIp?: string;
    silent?: boolean;
    disableWeb?: boolean;
    mailDirectory?: string;
    hideExtensions?: string[];
  }
  interface MailServer {
    listen(callback?: (err?: Error) => void): Promise<void>;
    close(callback?: (err?: Error) => void): void;
    on(event: string, listener: (...args: unknown[]) => void): void;
  }
  function MailDev(options: MailDevOptions): MailServer;
  export default MailDev;
}
