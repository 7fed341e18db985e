// MARK: - Dynamic properties, with lottie-ios's spelling

extension LottieAnimationLayer {
  /// Gives every animatable property `keypath` matches the value of `provider`, and redraws at the same frame
  /// (lottie-ios's `LottieAnimationLayer.setValueProvider(_:keypath:)`; keypaths as `AnimationKeypath` reads them:
  /// layer and property names joined by dots, `*` one name, `**` any depth). Providers set later win where two
  /// match, as in lottie-ios. Value providers other than `LottieOverrides` set through ``options`` are replaced.
  public func setValueProvider(_ provider: LottieValueProvider, keypath: AnimationKeypath) {
    var overrides = options.valueProviders as? LottieOverrides ?? LottieOverrides()
    overrides.setValueProvider(provider, keypath: keypath)
    options.valueProviders = overrides
  }
}
