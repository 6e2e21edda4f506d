import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import NIOSSL

/// HTTPS in the store itself (`serve --tls-cert FILE --tls-key FILE`), for deployments without
/// a reverse proxy in front. Certificates and keys are PEM files; the certificate file may hold
/// the whole chain, the server's certificate first.
public enum StoreTLS {
    public struct Invalid: Error, Hashable, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// The HTTPS server for the certificate chain and key in these files, its connections held
    /// to `limits`.
    public static func server(certificateFile: String, keyFile: String,
                              limits: ConnectionLimits = .standard) throws(Invalid) -> HTTPServerBuilder {
        let chain: [NIOSSLCertificate]
        do {
            chain = try NIOSSLCertificate.fromPEMFile(certificateFile)
        } catch {
            throw Invalid(message: "--tls-cert: cannot read a PEM certificate from '\(certificateFile)'")
        }
        guard !chain.isEmpty else { throw Invalid(message: "--tls-cert: '\(certificateFile)' holds no certificate") }
        let key: NIOSSLPrivateKey
        do {
            key = try NIOSSLPrivateKey(file: keyFile, format: .pem)
        } catch {
            throw Invalid(message: "--tls-key: cannot read a PEM private key from '\(keyFile)'")
        }
        var configuration = TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) },
                                                                      privateKey: .privateKey(key))
        // TLS 1.2 at least: older versions have known weaknesses and no client of ours needs them.
        configuration.minimumTLSVersion = .tlsv12
        do {
            // Made here once so that a key that does not match its certificate is a usage error
            // at start, not a failure of every connection.
            _ = try NIOSSLContext(configuration: configuration)
        } catch {
            throw Invalid(message: "--tls-cert, --tls-key: \(error)")
        }
        return GuardedServer.builder(limits: limits, tls: configuration)
    }
}
