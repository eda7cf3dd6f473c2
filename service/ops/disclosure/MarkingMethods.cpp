#include "MarkingMethods.h"

#include "DisclosureFacts.h"

#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace ades::disclosure {

namespace {

QJsonObject method(const QString &id, bool machineReadable, const QString &standard, const QString &where,
    const QString &robustness)
{
    return { { u"method"_s, id }, { u"machine_readable"_s, machineReadable }, { u"standard"_s, standard },
        { u"where"_s, where }, { u"robustness"_s, robustness } };
}

// IPTC NewsCodes "digital source type": the term C2PA manifests and IPTC/XMP photo metadata use for content
// made by a trained model; `composite...` for real content edited with one.
const QString IptcGenerated = u"http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia"_s;
const QString IptcComposite
    = u"http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia"_s;

QJsonObject c2pa(const QString &where)
{
    return method(u"c2pa_content_credentials"_s, true,
        u"C2PA Content Credentials: a signed manifest with a c2pa.created (or c2pa.edited) action whose "
        "digitalSourceType is "_s
            + IptcGenerated + u" (or "_s + IptcComposite + u" for manipulated content)"_s,
        where,
        u"Cryptographically bound to the file; lost when the metadata is stripped (re-encoding, screenshots, "
        "many upload pipelines), so best combined with a watermark."_s);
}

QJsonObject fingerprint()
{
    return method(u"fingerprint_logging"_s, true,
        u"SHA-256 fingerprint kept in a signed, timestamped record such as this one (recital 133: logging "
        "methods, fingerprints)"_s,
        u"outside the content: whoever holds the exact bytes can recompute the hash and find the record"_s,
        u"Identifies only the exact bytes: any edit, re-encoding or recompression gives another hash. Proves "
        "origin for a copy presented for checking; it does not travel with the content."_s);
}

} // namespace

QJsonArray MarkingMethods::forKind(ContentKind kind)
{
    switch (kind) {
    case ContentKind::Image:
        return { c2pa(u"embedded in the image file (JUMBF box in JPEG, PNG, WebP, AVIF, HEIF)"_s),
            method(u"iptc_xmp_metadata"_s, true,
                u"IPTC photo metadata Iptc4xmpExt:DigitalSourceType = "_s + IptcGenerated,
                u"XMP packet of the image file"_s,
                u"Easy to read and to write; easily stripped or altered, not tamper-evident on its own."_s),
            method(u"invisible_watermark"_s, true,
                u"an imperceptible watermark embedded in the pixels by the generating system"_s,
                u"in the image signal itself"_s,
                u"Survives metadata stripping and moderate re-encoding, cropping or resizing depending on "
                u"the "
                "scheme; detection needs the scheme's detector."_s),
            fingerprint(),
            method(u"visible_label"_s, false, u"a visible caption or icon next to the image"_s,
                u"in the presentation"_s,
                u"Serves the human-readable disclosure of paragraph 4; it is not a machine-readable marking "
                "under paragraph 2."_s) };
    case ContentKind::Video:
        return { c2pa(u"embedded in the video container (for example ISO BMFF/MP4)"_s),
            method(u"xmp_metadata"_s, true, u"XMP DigitalSourceType = "_s + IptcGenerated,
                u"container metadata of the video file"_s, u"Easily stripped or altered."_s),
            method(u"invisible_watermark"_s, true,
                u"an imperceptible watermark in the frames (and audio track) added by the generating system"_s,
                u"in the video signal itself"_s,
                u"Survives re-encoding and metadata stripping to a degree depending on the scheme; detection "
                "needs the scheme's detector."_s),
            fingerprint(),
            method(u"visible_label"_s, false, u"an on-screen label or a notice before playback"_s,
                u"in the presentation"_s,
                u"Serves the human-readable disclosure of paragraph 4; not a machine-readable marking."_s) };
    case ContentKind::Audio:
        return { c2pa(u"embedded in the audio file (for example MP3, WAV, M4A)"_s),
            method(u"audio_metadata"_s, true, u"XMP or ID3 metadata naming the generating system"_s,
                u"tags of the audio file"_s, u"Easily stripped or altered."_s),
            method(u"audio_watermark"_s, true, u"an inaudible watermark embedded by the generating system"_s,
                u"in the audio signal itself"_s,
                u"Survives compression and metadata stripping to a degree depending on the scheme; detection "
                "needs the scheme's detector."_s),
            fingerprint(),
            method(u"spoken_notice"_s, false, u"an audible statement at the start"_s, u"in the recording"_s,
                u"Serves the human-readable disclosure of paragraph 4; not a machine-readable marking."_s) };
    case ContentKind::Text:
        break;
    }
    return {
        method(u"document_metadata"_s, true,
            u"metadata of the carrying document: C2PA manifest where the format supports one (for example "
            "PDF), XMP in PDF, an HTML meta element or schema.org markup naming the generating system"_s,
            u"in the file or page that carries the text"_s,
            u"Only where the text travels inside such a document; lost when the text is copied as plain "
            "text."_s),
        method(u"statistical_text_watermark"_s, true,
            u"a statistical watermark in the choice of tokens, applied by the provider at generation time"_s,
            u"in the wording itself"_s,
            u"Weakens under paraphrase, translation and editing, and needs enough text and the provider's "
            "detector; plain text has no carrier that survives copying for sure."_s),
        fingerprint(),
        method(u"visible_label"_s, false, u"a visible notice next to or under the text"_s,
            u"in the presentation"_s,
            u"Serves the human-readable disclosure of paragraph 4; not a machine-readable marking."_s)
    };
}

} // namespace ades::disclosure
