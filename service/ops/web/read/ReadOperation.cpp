#include "ReadOperation.h"

#include "ReadResult.h"
#include "catalog/Catalog.h"
#include "ops/web/fetch/SafeFetch.h"
#include "ops/web/fetch/UrlGuard.h"

#include <QObject>
#include <QThreadPool>

using namespace Qt::StringLiterals;

namespace ades::web {

namespace {

Handler makeReadHandler(const FetchOptions &options)
{
    return [options](const QJsonObject &arguments, const CallContext &, Completion done) {
        const QString url = arguments.value(u"url"_s).toString();
        const Article::Format format = arguments.value(u"format"_s).toString() == u"text"_s
            ? Article::Format::Text
            : Article::Format::Markdown;
        SafeFetch::start(url, options, [done, format](Result<FetchedPage> fetched) {
            if (!fetched.ok()) {
                done(fetched.error());
                return;
            }
            // Extraction is CPU work of milliseconds a page (more on large ones): a pool thread does it and
            // the completion comes back to this thread through `guard`, which lives here.
            auto page = std::make_shared<const FetchedPage>(std::move(fetched.value()));
            auto *guard = new QObject;
            QThreadPool::globalInstance()->start([guard, page, format, done] {
                Result<QJsonObject> result = ReadResult::compose(*page, format);
                QMetaObject::invokeMethod(
                    guard,
                    [guard, page, done, result]() {
                        guard->deleteLater();
                        if (!result.ok()) {
                            done(result.error());
                            return;
                        }
                        done(OperationResult { result.value(), page->finalUrl.toString(QUrl::FullyEncoded) });
                    },
                    Qt::QueuedConnection);
            });
        });
    };
}

} // namespace

void addReadOperation(Catalog &catalog, const FetchOptions &options)
{
    // SPEC.md §4.1: 0.003 USDC on x402; the MCP tool at the same price; the CLI command is the id.
    const Usdc price = Usdc::atomicUnits(3'000);
    const UrlGuard guard(options);
    catalog.add({
        .id = u"web.read"_s,
        .title = u"Web page reader"_s,
        .summary
        = u"The main text of a public web page as markdown or plain text, with its title, author, date, "
          "language and tables, and the evidence of the fetch (final URL, status, time, SHA-256 of the "
          "body); internal addresses are refused."_s,
        .area = u"web"_s,
        .outputContract = u"web-read/1"_s,
        .inputSchema = Catalog::loadSchema(u":/schemas/web/web.read.in.json"_s),
        .outputSchema = Catalog::loadSchema(u":/schemas/web/web.read.out.json"_s),
        .exposures = { Exposure::x402(u"/x402/read"_s, price), Exposure::mcp(u"read_web_page"_s, price),
            Exposure::cli(u"web.read"_s) },
        .handler = makeReadHandler(options),
        // The URL half of the guard runs before any payment: a hostile URL is an uncharged 400 that never
        // asks for payment. The lookup half runs in the handler, on the one lookup the fetch makes.
        .check = [guard](const QJsonObject &arguments) -> std::optional<ServiceError> {
            const Result<GuardedUrl> checked = guard.check(arguments.value(u"url"_s).toString());
            if (!checked.ok())
                return checked.error();
            return std::nullopt;
        },
        .sources = { u"web"_s },
    });
}

} // namespace ades::web
