public enum LayoutAttributePlaceholder {}
