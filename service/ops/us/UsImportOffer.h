#pragma once

#include <QString>
#include <QtGlobal>

namespace ades::us::UsImportOffer {

// Where the US import readiness operations live and what the dossier costs (docs/interface.md §2.2, §4.1,
// §4.2, §4.5): RegisterUs.cpp declares the exposures with these values and the free check names them in its
// `purchase` object, so the two cannot disagree.
inline constexpr qint64 PriceUnits = 250'000; // 0.25 USDC
inline const QString PriceText = QStringLiteral("0.25");
inline const QString PaidPath = QStringLiteral("/x402/us-import-readiness");
inline const QString PaidTool = QStringLiteral("us_import_readiness_guard");
inline const QString FreePath = QStringLiteral("/free/us-import-readiness/check");
inline const QString FreeTool = QStringLiteral("prepare_us_import_readiness");
inline const QString RecoverPath = QStringLiteral("/free/us-import-readiness/recover/{job_id}");
// RecoverPath for one job, as the check and the dossier tell the caller.
inline QString recoverPathOf(const QString &jobId)
{
    return QString(RecoverPath).replace(QStringLiteral("{job_id}"), jobId);
}
inline const QString RecoverTool = QStringLiteral("recover_us_import_readiness");
inline const QString Contract = QStringLiteral("eu-to-us-import-readiness/1");
inline const QString JobKind = QStringLiteral("us.import");
// Bumped whenever a rule of docs/us-import.md changes what a dossier decides.
inline const QString PolicyVersion = QStringLiteral("us-import-policy/2026-11-29.1");
// docs/interface.md §8: the signed result is recoverable for 24 hours; an unpaid job lives as long.
inline constexpr qint64 RetentionSeconds = 24 * 3600;

} // namespace ades::us::UsImportOffer
