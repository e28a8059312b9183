import { useEffect, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Button, buttonClass } from "../../../components/button.tsx";

// The encoder loads with this tab only, so no other screen downloads it.
const loadEncoder = () => import("qrcode");

const QR_OPTIONS = { errorCorrectionLevel: "M", margin: 2 } as const;
/** A PNG large enough to print on a poster or a price list. */
const PNG_WIDTH = 1024;

type Drawn = { url: string; svg: string } | { url: string; failed: true };

function save(href: string, fileName: string) {
  const link = document.createElement("a");
  link.href = href;
  link.download = fileName;
  link.click();
}

/** The page's link as a QR code drawn in SVG, with the SVG and a large PNG to download. */
export function BookingQrCode({ url, fileName }: { url: string; fileName: string }) {
  const intl = useIntl();
  const [drawn, setDrawn] = useState<Drawn | null>(null);

  useEffect(() => {
    let current = true;
    loadEncoder()
      .then((encoder) => encoder.toString(url, { ...QR_OPTIONS, type: "svg" }))
      .then(
        (svg) => current && setDrawn({ url, svg }),
        () => current && setDrawn({ url, failed: true }),
      );
    return () => {
      current = false;
    };
  }, [url]);

  const savePng = async () => {
    const png = await (await loadEncoder()).toDataURL(url, { ...QR_OPTIONS, width: PNG_WIDTH });
    save(png, `${fileName}.png`);
  };

  // The code of another link is not shown while this one's is drawn.
  const shown = drawn?.url === url ? drawn : null;
  if (shown && "failed" in shown) {
    return (
      <p className="text-sm text-slate-600">
        <FormattedMessage id="salonSettings.booking.qrFailed" />
      </p>
    );
  }
  return (
    <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
      <div
        role="img"
        aria-label={intl.formatMessage({ id: "salonSettings.booking.qrLabel" }, { url })}
        aria-busy={!shown || undefined}
        className="size-40 flex-none rounded-lg border border-slate-200 bg-white [&>svg]:size-full"
        // The encoder's own SVG markup, made from the link above: nothing a person typed in is inserted as markup.
        dangerouslySetInnerHTML={shown ? { __html: shown.svg } : undefined}
      />
      <div className="flex flex-wrap gap-2">
        {shown ? (
          <a
            href={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(shown.svg)}`}
            download={`${fileName}.svg`}
            className={buttonClass({ variant: "secondary", size: "sm" })}
          >
            <FormattedMessage id="salonSettings.booking.downloadSvg" />
          </a>
        ) : null}
        <Button variant="secondary" size="sm" disabled={!shown} onClick={() => void savePng()}>
          <FormattedMessage id="salonSettings.booking.downloadPng" />
        </Button>
      </div>
    </div>
  );
}
