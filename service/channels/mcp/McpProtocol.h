#pragma once

#include <QString>

// Names the MCP and x402-over-MCP specifications own, spelled once, and our own reverse-DNS
// `_meta` keys. The MCP specification (2025-03-26 to 2026-07-28) and the x402 v2 MCP transport are the
// contract; docs/mcp.md says how ADES applies them.
namespace ades::mcp {

// Which rules answer a request: the initialize handshake revisions or the per-request envelope revision.
// Decided per request (docs/mcp.md, Eras), never per connection.
enum class Era
{
    Legacy, // 2025-03-26, 2025-06-18, 2025-11-25
    Modern, // 2026-07-28
};

// JSON-RPC 2.0 and MCP error codes (docs/mcp.md, Errors).
enum ErrorCode : int
{
    ParseError = -32700,
    InvalidRequest = -32600,
    MethodNotFound = -32601,
    InvalidParams = -32602,
    InternalError = -32603,
    // What the SDKs answer for transport refusals (405, 403, 415, 406, legacy version header); legacy only.
    TransportError = -32000,
    HeaderMismatch = -32020,
    MissingRequiredClientCapability = -32021,
    UnsupportedProtocolVersion = -32022,
};

inline constexpr QLatin1StringView ModernVersion { "2026-07-28" };
inline constexpr QLatin1StringView LatestLegacyVersion { "2025-11-25" };
// An absent MCP-Protocol-Version header means this revision (2025-06-18 transport rules); only it batches.
inline constexpr QLatin1StringView DefaultLegacyVersion { "2025-03-26" };
inline constexpr QLatin1StringView BatchVersion { "2025-03-26" };

// Header names, lower case: HttpRequestData::header() compares case-insensitively.
inline constexpr char ProtocolVersionHeader[] = "mcp-protocol-version";
inline constexpr char MethodHeader[] = "mcp-method";
inline constexpr char NameHeader[] = "mcp-name";

// 2026-07-28 per-request envelope in params._meta, and the server identity in result._meta.
inline constexpr QLatin1StringView ProtocolVersionKey { "io.modelcontextprotocol/protocolVersion" };
inline constexpr QLatin1StringView ClientCapabilitiesKey { "io.modelcontextprotocol/clientCapabilities" };
inline constexpr QLatin1StringView ClientInfoKey { "io.modelcontextprotocol/clientInfo" };
inline constexpr QLatin1StringView ServerInfoKey { "io.modelcontextprotocol/serverInfo" };

// x402 transports-v2/mcp.md, tool-result binding.
inline constexpr QLatin1StringView PaymentKey { "x402/payment" };
inline constexpr QLatin1StringView PaymentResponseKey { "x402/payment-response" };

// Our own keys, reverse DNS of the schema host ades.example (MCP specification 2025-11-25: `_meta` keys).
inline constexpr QLatin1StringView ReceiptKey { "example.ades/receipt" };
inline constexpr QLatin1StringView OperationKey { "example.ades/operation" };
inline constexpr QLatin1StringView PriceKey { "example.ades/price_usdc" };
inline constexpr QLatin1StringView PaidKey { "example.ades/paid" };
inline constexpr QLatin1StringView OutputContractKey { "example.ades/output_contract" };
inline constexpr QLatin1StringView SourcesKey { "example.ades/sources" };

} // namespace ades::mcp
